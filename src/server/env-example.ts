import * as z from "zod";
import { ConfigSchema } from "./config-schema.ts";

const HEADER = `# The store's configuration. Copy this file to .env and uncomment what you change: \`npm start\`
# and \`npm run cli\` read .env (variables set in the environment win). \`npm run cli -- init\` writes
# one for you. Generated from the schema in src/server/config.ts by \`npm run env:example\`: edit
# the descriptions there, not here.
`;

/** The value a variable takes when unset, as .env would spell it (undefined: no default). */
function defaultOf(schema: z.ZodType): string | undefined {
  if (schema instanceof z.ZodDefault) return String(schema.def.defaultValue);
  return undefined;
}

/** The allowed values of an enum variable, unwrapping its default or optional. */
function choicesOf(schema: z.ZodType): string[] | undefined {
  const inner = schema instanceof z.ZodDefault || schema instanceof z.ZodOptional ? schema.def.innerType : schema;
  return inner instanceof z.ZodEnum ? (inner.options as string[]) : undefined;
}

/** `.env.example`'s text: every variable of the schema with its description, values and default. */
export function renderEnvExample(): string {
  const blocks = Object.entries(ConfigSchema.shape).map(([name, schema]: [string, z.ZodType]) => {
    const lines = [`# ${schema.description ?? name}`];
    const choices = choicesOf(schema);
    if (choices) lines.push(`# One of: ${choices.join(", ")}.`);
    const fallback = defaultOf(schema);
    lines.push(`#${name}=${fallback ?? ""}`);
    return lines.join("\n");
  });
  return `${HEADER}\n${blocks.join("\n\n")}\n`;
}
