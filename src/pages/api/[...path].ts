import { errorJson } from "#server/http-errors.ts";

// Unknown API paths answer the JSON error contract, not the HTML 404 page meant for people.
export const ALL = () => errorJson(404, "No such API endpoint");
