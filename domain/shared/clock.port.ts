/** Time enters the domain only through this port, so rules about "today" and windows are testable. */
export interface Clock {
  /** The current instant. */
  now(): Date;
}
