import { useState, type SubmitEvent } from "react";
import { itemRequestProblem } from "#domain/catalogue/item-request.ts";
import { api, ApiError, fieldErrorsOf } from "../lib/api-client.ts";
import { showToast } from "../stores/toast.ts";
import { BusyButton } from "./ui/busy-button.tsx";
import { EmailField, TextField } from "./ui/text-field.tsx";

type Field = "itemName" | "email" | "description";
const FIELDS: readonly Field[] = ["itemName", "email", "description"];

/** Which field a message of itemRequestProblem is about. */
function fieldOf(message: string): Field {
  if (/item name/i.test(message)) return "itemName";
  if (/description/i.test(message)) return "description";
  return "email";
}

interface Props {
  gameId: string;
  gameName: string;
}

/**
 * "Can't find an item?": asks the store to stock one. The form's rules are the domain's, checked
 * here for an instant answer and again by the server, which decides.
 */
export default function ItemRequestForm({ gameId, gameName }: Props) {
  const [itemName, setItemName] = useState("");
  const [email, setEmail] = useState("");
  const [description, setDescription] = useState("");
  // A problem with one field shows under that field; one that names no field (too many requests) after the button.
  const [fields, setFields] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = itemRequestProblem({ itemName, email, description });
    setProblem(null);
    setFields(found ? { [fieldOf(found)]: found } : {});
    if (found) return;
    setBusy(true);
    try {
      await api.post("/api/item-requests", { gameId, itemName: itemName.trim(), email: email.trim(), description: description.trim() });
      showToast({ title: "Request submitted!", description: `Thanks! We'll email you when ${itemName.trim()} is available.` });
      setItemName("");
      setEmail("");
      setDescription("");
    } catch (error) {
      // The server's own wording for what the shopper can fix: under its field, else after the button.
      const byField = fieldErrorsOf(error, FIELDS);
      if (Object.keys(byField).length > 0) return setFields(byField);
      if (error instanceof ApiError && (error.status === 400 || error.status === 429)) setProblem(error.message);
      showToast({ title: "Error", description: "Failed to submit request. Please try again.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="card grid gap-4 p-6 sm:grid-cols-2" aria-labelledby="item-request-heading">
      <div className="sm:col-span-2">
        <h2 id="item-request-heading" className="text-xl font-bold">
          Can't find the item you want?
        </h2>
        <p className="mt-1 text-sm text-slate-300">Tell us which {gameName} item you're looking for and we'll email you when it's in stock.</p>
      </div>
      <TextField
        id="item-request-name"
        label="Item name"
        name="itemName"
        value={itemName}
        onValueChange={setItemName}
        maxLength={200}
        error={fields.itemName}
        announceError
      />
      <EmailField id="item-request-email" value={email} onValueChange={setEmail} error={fields.email} announceError />
      <label className="text-sm font-medium sm:col-span-2">
        Description (optional)
        <textarea
          className="input mt-1 min-h-24"
          name="description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={2000}
          aria-invalid={fields.description ? true : undefined}
          aria-describedby={fields.description ? "item-request-description-error" : undefined}
        />
        {fields.description && (
          <span id="item-request-description-error" role="alert" className="mt-1 block text-sm text-red-300">
            {fields.description}
          </span>
        )}
      </label>
      <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
        <BusyButton type="submit" className="btn-primary" busy={busy}>
          {busy ? "Submitting..." : "Request Item"}
        </BusyButton>
        {problem && (
          <p role="alert" className="text-sm font-medium text-red-300">
            {problem}
          </p>
        )}
      </div>
    </form>
  );
}

// Its server HTML depends on its props alone: rendered once per props (src/lib/react-island-server.ts).
ItemRequestForm.rendersFromPropsAlone = true;
