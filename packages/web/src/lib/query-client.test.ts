import { describe, expect, it, vi } from "vitest";
import { createQueryClient } from "./query-client";

async function failingMutation(message: string, onUnauthorized: () => void) {
  const client = createQueryClient(onUnauthorized);
  const mutation = client.getMutationCache().build(client, {
    mutationFn: async () => {
      throw new Error(message);
    },
  });
  await mutation.execute(undefined).catch(() => undefined);
}

describe("createQueryClient", () => {
  it("uses the spec's read defaults", () => {
    const queries = createQueryClient(() => {}).getDefaultOptions().queries;
    expect(queries).toMatchObject({ retry: false, refetchOnWindowFocus: false, staleTime: Infinity });
  });

  it("hands a mutation's 401 Unauthorized to the one handler", async () => {
    const onUnauthorized = vi.fn();
    await failingMutation('401: {"message":"Unauthorized"}', onUnauthorized);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it("leaves other mutation errors to the mutation", async () => {
    const onUnauthorized = vi.fn();
    await failingMutation("400: Brand is required", onUnauthorized);
    await failingMutation("500: Internal Server Error", onUnauthorized);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
