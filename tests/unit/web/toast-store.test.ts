import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { $toast, dismissToast, showToast, TOAST_DURATION_MS } from "#src/stores/toast.ts";

describe("toast store (one toast at a time)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissToast();
    vi.useRealTimers();
  });

  it("shows a toast with the default variant and hides it after the duration", () => {
    showToast({ title: "Success!", description: "Done" });
    expect($toast.get()).toMatchObject({ title: "Success!", description: "Done", variant: "default" });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect($toast.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect($toast.get()).toBeNull();
  });

  it("replaces the current toast with a new one, whose own timer counts", () => {
    const first = showToast({ title: "One" });
    vi.advanceTimersByTime(4000);
    showToast({ title: "Email Required", variant: "destructive" });
    expect($toast.get()).toMatchObject({ title: "Email Required", variant: "destructive" });
    expect($toast.get()).not.toHaveProperty("description");
    vi.advanceTimersByTime(1500);
    expect($toast.get()?.title).toBe("Email Required");
    dismissToast(first);
    expect($toast.get()?.title).toBe("Email Required");
  });

  it("dismisses by id or whatever shows", () => {
    const id = showToast({ title: "One" });
    dismissToast(id);
    expect($toast.get()).toBeNull();
    showToast({ title: "Two" });
    dismissToast();
    expect($toast.get()).toBeNull();
  });
});
