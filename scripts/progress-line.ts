// A one-line progress bar for long CLI commands: redrawn in place on a terminal (at most ten times
// a second), silent when the output is a file or a pipe so logs stay clean.

export interface ProgressLine {
  update(progress: { done: number; total: number }): void;
  finish(): void;
}

const WIDTH = 30;

export function createProgressLine(label: string, stream: NodeJS.WriteStream = process.stderr): ProgressLine {
  const started = performance.now();
  let lastDraw = 0;
  let drawn = false;
  const draw = (done: number, total: number) => {
    const share = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(share * WIDTH);
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    stream.write(
      `\r${label} [${"#".repeat(filled)}${".".repeat(WIDTH - filled)}] ${String(Math.floor(share * 100)).padStart(3)}% ` +
        `${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")} events, ${rate.toLocaleString("en-US")}/s `,
    );
    drawn = true;
  };
  return {
    update({ done, total }) {
      if (!stream.isTTY) return;
      const now = performance.now();
      if (now - lastDraw < 100 && done < total) return;
      lastDraw = now;
      draw(done, total);
    },
    finish() {
      if (drawn) stream.write("\n");
    },
  };
}
