import { useState } from "react";

export interface Notice {
  text: string;
  error: boolean;
}

/**
 * One action at a time with a line that says how it went: `act(work)` disables the buttons while
 * `work` runs, then shows what it answered, or the problem in words (`problem`) when it threw.
 */
export function useNoticeAction(problem: (error: unknown) => string) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  async function act(work: () => Promise<string>): Promise<void> {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ text: await work(), error: false });
    } catch (error) {
      setNotice({ text: problem(error), error: true });
    }
    setBusy(false);
  }
  return { notice, setNotice, busy, act };
}
