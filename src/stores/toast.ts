import { atom } from "nanostores";
import { errorMessage } from "../lib/api-client.ts";

/**
 * The toast area: one toast at a time (the spec), shared by every island. A new toast replaces the
 * one showing; each disappears by itself after TOAST_DURATION_MS or when dismissed.
 */
export type ToastVariant = "default" | "destructive";

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export const TOAST_DURATION_MS = 5000;

export const $toast = atom<Toast | null>(null);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows a toast in place of the current one; returns its id (for dismissToast). */
export function showToast({ title, description, variant = "default" }: ToastInput): number {
  const id = nextId++;
  clearTimeout(timer);
  $toast.set(description === undefined ? { id, title, variant } : { id, title, description, variant });
  timer = setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

/** A failed call as a toast: "Error" (or `title`), the server's message or `fallback`, in red. */
export function toastError(error: unknown, fallback: string, title = "Error"): number {
  return showToast({ title, description: errorMessage(error, fallback), variant: "destructive" });
}

/** Hides the toast with this id (or whatever shows, without an id); a stale id does nothing. */
export function dismissToast(id?: number): void {
  const current = $toast.get();
  if (current && (id === undefined || current.id === id)) {
    clearTimeout(timer);
    $toast.set(null);
  }
}
