import pino from "pino";
import { currentRequestId } from "./request-context.ts";

export type Logger = pino.Logger;

/**
 * JSON logs, one object per line. Anything that could carry a secret is redacted wherever it
 * appears, so a careless `log.info({ body })` can never leak a password or a session cookie.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      // Every line written while a request (or a job it started) runs names that request.
      mixin() {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
      redact: {
        paths: [
          "password",
          "*.password",
          "*.confirmPassword",
          "*.newPassword",
          "token",
          "*.token",
          "*.accessToken",
          "headers.cookie",
          "headers.authorization",
          "*.headers.cookie",
          "*.headers.authorization",
          "cookie",
          "authorization",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}
