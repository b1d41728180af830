import { useState } from "react";
import { toastError } from "#src/stores/toast.ts";

/**
 * An admin screen's calls to the server, one at a time: `run(key, failed, call)` ignores a click
 * while a call runs, names the running one in `busy` (a row's id, "add") so its button shows it, and
 * toasts what went wrong: the server's message, else `failed`. A form that shows the server's field
 * errors under its fields passes a function instead, which is handed the error.
 */
export function useAdminCall<Key extends string = string>(): {
  busy: Key | null;
  run: (key: Key, failed: string | ((error: unknown) => void), call: () => Promise<void>) => Promise<void>;
} {
  const [busy, setBusy] = useState<Key | null>(null);
  async function run(key: Key, failed: string | ((error: unknown) => void), call: () => Promise<void>) {
    if (busy !== null) return;
    setBusy(key);
    try {
      await call();
    } catch (error) {
      if (typeof failed === "string") toastError(error, failed);
      else failed(error);
    }
    setBusy(null);
  }
  return { busy, run };
}
