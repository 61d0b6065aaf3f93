import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { apiJson, apiRequest } from "../lib/api";
import { failureMessage, serverMessage } from "../lib/api-error";
import { newIdempotencyKey } from "../lib/idempotency";
import { useToast } from "../toast/use-toast";

export { PADDLE_MATERIALS as paddleMaterials, PADDLE_SHAPES as paddleShapes } from "@regrip/core/shared/paddles";
export type { PaddleView as Paddle } from "@regrip/core/shared/paddles";
import { shownBrand, type PaddleMaterial, type PaddleShape, type PaddleView as Paddle } from "@regrip/core/shared/paddles";
import { appWideRead } from "../lib/app-wide-read";

/** The editable fields, as POST and PATCH take them. */
export interface PaddleInput {
  brand?: string;
  nickname?: string;
  model?: string;
  personality?: string;
  coreThickness?: number;
  shape?: PaddleShape | null;
  material?: PaddleMaterial | null;
  colorway?: string;
  serial?: string;
  photoUrl?: string | null;
  prefs?: { tackiness?: number; color?: string } | null;
  knownDefects?: string;
  ownershipStatus?: "owned" | "no_longer_own";
}

export const paddlesQueryKey = ["/api/paddles"] as const;

/** The signed-in customer's paddles; nothing is asked while signed out. */
export function usePaddles(signedIn: boolean) {
  return useQuery({
    queryKey: paddlesQueryKey,
    queryFn: () => apiJson<Paddle[]>("GET", "/api/paddles"),
    enabled: signedIn,
    ...appWideRead,
  });
}

/** The open order the paddle is in (GET /api/paddles `openOrderId`): it is in the shop and cannot be booked again yet. */
export function openOrderOf(paddle: Paddle): string | null {
  return paddle.openOrderId ?? null;
}

/** Brand and model, or whichever is known. */
export function paddleMakeModel(paddle: Pick<Paddle, "brand" | "model">): string {
  return [shownBrand(paddle.brand), paddle.model].filter(Boolean).join(" ") || "Brand not given";
}

export function paddleName(paddle: Pick<Paddle, "nickname" | "brand" | "model">): string {
  return paddle.nickname || paddleMakeModel(paddle);
}

function useInvalidatePaddles() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: paddlesQueryKey });
}

/** POST /api/paddles: 'Paddle Added', or 'Error' with the server's message. */
/** POST /api/paddles with one Idempotency-Key until it succeeds: a double click on Add Paddle makes one paddle. */
export function useCreatePaddle() {
  const { toast } = useToast();
  const invalidate = useInvalidatePaddles();
  const key = useRef<string>(undefined);
  return useMutation({
    mutationFn: (input: PaddleInput) => apiJson<Paddle>("POST", "/api/paddles", input, { "Idempotency-Key": (key.current ??= newIdempotencyKey()) }),
    onSuccess: (paddle) => {
      key.current = undefined;
      toast({ title: "Paddle Added", description: `${paddleName(paddle)} is ready to book.` });
      return invalidate();
    },
    onError: (error) =>
      toast({ title: "Error", description: serverMessage(error) ?? "Failed to add paddle. Please try again.", variant: "destructive" }),
  });
}

/** PATCH /api/paddles/{id}: 'Paddle Updated', or 'Failed to update paddle'. */
export function useUpdatePaddle() {
  const { toast } = useToast();
  const invalidate = useInvalidatePaddles();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: PaddleInput }) => apiJson<Paddle>("PATCH", `/api/paddles/${encodeURIComponent(id)}`, changes),
    onSuccess: () => {
      toast({ title: "Paddle Updated", description: "Your changes are saved." });
      return invalidate();
    },
    onError: (error) => toast({ title: "Error", description: serverMessage(error) ?? "Failed to update paddle", variant: "destructive" }),
  });
}

/** 'I No Longer Own This' (after its confirmation): the paddle leaves the list, with a toast saying so. */
export function useReleasePaddle() {
  const { toast } = useToast();
  const invalidate = useInvalidatePaddles();
  return useMutation({
    mutationFn: (id: string) => apiJson<Paddle>("PATCH", `/api/paddles/${encodeURIComponent(id)}`, { ownershipStatus: "no_longer_own" }),
    onSuccess: (paddle) => {
      toast({ title: "Paddle Removed", description: `${paddleName(paddle)} is no longer in your paddles. Its orders stay in your history.` });
      return invalidate();
    },
    onError: () => toast({ title: "Error", description: "Failed to update paddle ownership", variant: "destructive" }),
  });
}

/** 'Free from Bag': POST /api/paddles/{id}/free-from-bag; the server's message when an open order still holds the bag. */
export function useFreeFromBag() {
  const { toast } = useToast();
  const invalidate = useInvalidatePaddles();
  return useMutation({
    mutationFn: (paddle: Paddle) => apiJson<Paddle>("POST", `/api/paddles/${encodeURIComponent(paddle.id)}/free-from-bag`),
    onSuccess: (freed, paddle) => {
      toast({
        title: "Bag Freed",
        description: `${paddleName(freed)} is out of ${paddle.bag?.code3 ? `bag #${paddle.bag.code3}` : "its bag"}.`,
      });
      return invalidate();
    },
    onError: (error) => {
      toast({ title: "Could Not Free Bag", description: failureMessage(error), variant: "destructive" });
      return invalidate();
    },
  });
}

/** DELETE /api/paddles/{id}: 'Paddle Deleted', or the server's message. */
export function useDeletePaddle() {
  const { toast } = useToast();
  const invalidate = useInvalidatePaddles();
  return useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/paddles/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast({ title: "Paddle Deleted", description: "The paddle was removed from your profile." });
      return invalidate();
    },
    onError: (error) => toast({ title: "Error", description: serverMessage(error) ?? "Failed to delete paddle", variant: "destructive" }),
  });
}

interface PhotoUpload {
  uploadUrl: string;
  method: "PUT";
  headers?: Record<string, string>;
  photoUrl: string;
}

/** Ask where to put the photo, PUT the file there, then point the paddle at it. */
async function uploadPaddlePhoto(paddleId: string, file: File): Promise<Paddle> {
  const path = `/api/paddles/${encodeURIComponent(paddleId)}`;
  const target = await apiJson<PhotoUpload>("POST", `${path}/photo`, { contentType: file.type, size: file.size });
  const put = await fetch(target.uploadUrl, { method: target.method ?? "PUT", headers: target.headers ?? { "Content-Type": file.type }, body: file });
  if (!put.ok) throw new Error(`${put.status}: ${put.statusText}`);
  return apiJson<Paddle>("PATCH", path, { photoUrl: target.photoUrl });
}

/** 'Image uploaded' / 'Image removed', or 'Upload failed'. */
export function usePaddlePhoto() {
  const { toast } = useToast();
  const invalidate = useInvalidatePaddles();
  const upload = useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => uploadPaddlePhoto(id, file),
    onSuccess: () => {
      toast({ title: "Image uploaded", description: "Your paddle photo is saved." });
      return invalidate();
    },
    onError: () => toast({ title: "Upload failed", description: "There was an error uploading your image", variant: "destructive" }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiJson<Paddle>("PATCH", `/api/paddles/${encodeURIComponent(id)}`, { photoUrl: null }),
    onSuccess: () => {
      toast({ title: "Image removed", description: "The paddle photo was removed." });
      return invalidate();
    },
    onError: () => toast({ title: "Error", description: "Failed to update paddle", variant: "destructive" }),
  });
  return { upload, remove };
}
