import pino from "pino";

export type Logger = pino.Logger;

/**
 * JSON logs, one object per line. Anything that could carry a secret is redacted wherever it
 * appears, so a careless `log.info({ body })` can never leak a password or a session cookie.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
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
  });
}
