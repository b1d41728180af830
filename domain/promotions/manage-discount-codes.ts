import type { Clock } from "../shared/clock.port.ts";
import type { IdGenerator } from "../shared/id-generator.port.ts";
import type { UnitOfWork } from "../shared/unit-of-work.port.ts";
import { amountFromHundredths, amountInHundredths, checkDiscountDefinition, normalizeCode, type DiscountCode, type DiscountInput } from "./discount-code.ts";
import { discountCodeNotFound, duplicateDiscountCode } from "./discount-code.errors.ts";
import type { DiscountCodeRepository } from "./discount-code-repository.port.ts";

type Deps = { unitOfWork: UnitOfWork<{ discountCodes: DiscountCodeRepository }>; clock: Clock; ids: IdGenerator };

/** An administrator creates a code (upper-cased; duplicates refused with 409). */
export async function createDiscountCode(input: DiscountInput & { createdBy: string | null }, deps: Deps): Promise<DiscountCode> {
  const { amountHundredths, ...rest } = input;
  const code: DiscountCode = {
    ...rest,
    amount: amountFromHundredths(input.type, amountHundredths),
    id: deps.ids.newId(),
    code: normalizeCode(input.code),
    usageCount: 0,
  };
  checkDiscountDefinition(code);
  return deps.unitOfWork.run(async ({ discountCodes }) => {
    if (await discountCodes.byCode(code.code)) throw duplicateDiscountCode(code.code);
    await discountCodes.add(code, deps.clock.now());
    return code;
  });
}

/**
 * An administrator changes some fields of a code; the result must still follow every rule (a usage
 * limit below the uses already made is refused). The usage count itself is never edited.
 */
export async function updateDiscountCode(input: { id: string; changes: Partial<DiscountInput> }, deps: Omit<Deps, "ids">): Promise<DiscountCode> {
  return deps.unitOfWork.run(async ({ discountCodes }) => {
    const current = await discountCodes.byId(input.id);
    if (!current) throw discountCodeNotFound();
    const { amountHundredths, ...changes } = input.changes;
    const next: DiscountCode = { ...current, ...changes, id: current.id, usageCount: current.usageCount, createdBy: current.createdBy };
    // The figure the administrator sees stays the same when only the type changes ("10": 10% or $10).
    next.amount = amountFromHundredths(next.type, amountHundredths ?? amountInHundredths(current));
    next.code = normalizeCode(next.code);
    checkDiscountDefinition(next, current.usageCount);
    if (next.code !== current.code && (await discountCodes.byCode(next.code))) throw duplicateDiscountCode(next.code);
    await discountCodes.update(next, deps.clock.now());
    return next;
  });
}

/** Deletes a code. Orders keep the code's text, so past orders still show what was used. */
export async function deleteDiscountCode(input: { id: string }, deps: Pick<Deps, "unitOfWork">): Promise<void> {
  await deps.unitOfWork.run(async ({ discountCodes }) => {
    if (!(await discountCodes.remove(input.id))) throw discountCodeNotFound();
  });
}

/** Adds the demo codes that are missing (a new store gets a couple to try checkout with). */
export async function seedDiscountCodes(codes: readonly DiscountInput[], deps: Deps): Promise<number> {
  let added = 0;
  for (const definition of codes) {
    const exists = await deps.unitOfWork.run(({ discountCodes }) => discountCodes.byCode(normalizeCode(definition.code)));
    if (exists) continue;
    await createDiscountCode({ ...definition, createdBy: "seed" }, deps);
    added += 1;
  }
  return added;
}
