import Button from "@cloudscape-design/components/button";
import type { TableProps } from "@cloudscape-design/components/table";
import Toggle from "@cloudscape-design/components/toggle";

/**
 * The two columns an admin list of things the admin keeps (promotions, partner clubs) ends with: the Active toggle,
 * switched in place, and Edit and Delete. `name` is how a row is named to a screen reader ("WELCOME10 active").
 */
export function activeColumn<T extends { isActive: boolean }>(
  name: (row: T) => string,
  toggle: { busy: (row: T) => boolean; change: (row: T, isActive: boolean) => void },
): TableProps.ColumnDefinition<T> {
  return {
    id: "active",
    header: "Active",
    minWidth: 110,
    cell: (row) => (
      <Toggle checked={row.isActive} disabled={toggle.busy(row)} onChange={({ detail }) => toggle.change(row, detail.checked)} ariaLabel={`${name(row)} active`}>
        <span className="console-nowrap">{row.isActive ? "Active" : "Inactive"}</span>
      </Toggle>
    ),
  };
}

export function editDeleteColumn<T>(name: (row: T) => string, onEdit: (row: T) => void, onDelete: (row: T) => void): TableProps.ColumnDefinition<T> {
  return {
    id: "actions",
    header: "Actions",
    cell: (row) => (
      <span className="console-nowrap">
        <Button variant="inline-icon" iconName="edit" ariaLabel={`Edit ${name(row)}`} onClick={() => onEdit(row)} />{" "}
        <Button variant="inline-icon" iconName="remove" ariaLabel={`Delete ${name(row)}`} onClick={() => onDelete(row)} />
      </span>
    ),
  };
}
