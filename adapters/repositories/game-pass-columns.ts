import type { GamePassChoice } from "#domain/roblox/game-pass.ts";

/** Migration 0068's pass columns on `checkouts` and `orders`. */
export interface GamePassColumns {
  gamePassId: string | number | null;
  gamePassPrice: number | null;
}

export function gamePassColumns(gamePass: GamePassChoice | null | undefined): { gamePassId: number | null; gamePassPrice: number | null } {
  return { gamePassId: gamePass?.id ?? null, gamePassPrice: gamePass?.price ?? null };
}

/** The pass, or null (a bigint comes back from PostgreSQL as a string). */
export function gamePassOf(row: GamePassColumns): GamePassChoice | null {
  return row.gamePassId === null || row.gamePassPrice === null ? null : { id: Number(row.gamePassId), price: Number(row.gamePassPrice) };
}
