// `npm run mail:compile`: compiles the emails' MJML design (adapters/mail/mail-mjml.ts) into
// adapters/mail/mail-layout.generated.ts. Run it after changing the design;
// tests/integration/mail-templates.test.ts fails until the file matches.
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { mailLayoutModule } from "../adapters/mail/compile-mail-layout.ts";

const target = resolve(import.meta.dirname, "../adapters/mail/mail-layout.generated.ts");
writeFileSync(target, await mailLayoutModule());
console.log(`mail:compile: wrote ${target}`);
