/** Ids enter the domain only through this port. Each call returns a new, unique, URL-safe id. */
export interface IdGenerator {
  newId(): string;
}
