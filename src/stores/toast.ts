import { atom } from "nanostores";

/** The spec shows one toast at a time: a new toast replaces the one on screen. */
export interface Toast {
  id: number;
  title: string;
  description?: string | undefined;
  variant: "default" | "destructive";
}

export const TOAST_DURATION_MS = 5000;
export const $toast = atom<Toast | null>(null);

let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

export function showToast(toast: { title: string; description?: string | undefined; variant?: Toast["variant"] }): void {
  clearTimeout(timer);
  const id = nextId++;
  $toast.set({ id, title: toast.title, description: toast.description, variant: toast.variant ?? "default" });
  timer = setTimeout(() => {
    if ($toast.get()?.id === id) $toast.set(null);
  }, TOAST_DURATION_MS);
}

export function dismissToast(): void {
  clearTimeout(timer);
  $toast.set(null);
}
