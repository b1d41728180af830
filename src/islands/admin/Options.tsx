/** A select's choice: a word that is its own label (a role), or a value with its label (a game's id and name). */
export type Choice = string | { value: string; label: string };

/** The shop's games as choices: the id is sent, the name is shown. */
export function gameChoices(games: readonly { id: string; name: string }[]): Choice[] {
  return games.map((game) => ({ value: game.id, label: game.name }));
}

/** The `<option>`s of an admin select, one a choice, in their order. */
export function Options({ choices }: { choices: readonly Choice[] }) {
  return (
    <>
      {choices.map((choice) => {
        const { value, label } = typeof choice === "string" ? { value: choice, label: choice } : choice;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </>
  );
}
