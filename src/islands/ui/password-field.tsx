import { TextField, type TextFieldProps } from "./text-field.tsx";

export type PasswordFieldProps = Omit<TextFieldProps, "type" | "required" | "autoComplete"> & {
  /** `current` lets a password manager fill the saved password, `new` lets it offer a generated one. */
  purpose: "current" | "new";
};

/** A password the form cannot go without: masked, required, and named for password managers. */
export function PasswordField({ purpose, ...field }: PasswordFieldProps) {
  return <TextField {...field} type="password" required autoComplete={`${purpose}-password`} />;
}
