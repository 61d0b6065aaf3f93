import { useState } from "react";

/** A table's page size, kept in local storage per table (Cloudscape's preferences pattern). */
export function usePageSize(table: string, fallback = 20): [number, (size: number) => void] {
  const key = `regrip.console.${table}.pageSize`;
  const [size, setSize] = useState(() => {
    const stored = Number(window.localStorage.getItem(key));
    return [10, 20, 50, 100].includes(stored) ? stored : fallback;
  });
  return [
    size,
    (next: number) => {
      window.localStorage.setItem(key, String(next));
      setSize(next);
    },
  ];
}

export const pageSizeOptions = [
  { value: 10, label: "10 orders" },
  { value: 20, label: "20 orders" },
  { value: 50, label: "50 orders" },
  { value: 100, label: "100 orders" },
];
