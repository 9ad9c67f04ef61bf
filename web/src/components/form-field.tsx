import { cloneElement, isValidElement, useCallback, useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactElement, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client';
import './form.css';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  /** The field's server errors (422), shown under it and announced with it. */
  errors?: string[];
  /** A button beside the input (the password's Show). */
  action?: ReactNode;
  /** The input itself (React 19 passes it as a prop), for a page that moves the focus back to it. */
  ref?: Ref<HTMLInputElement>;
}

const NO_ERRORS: string[] = [];

/**
 * A field's messages while it holds the value they were about: once the person changes it, they go (with the red
 * border and aria-invalid) until the next refusal. "Name is required" stayed under a name being typed, and under
 * every field filled in since, until the form was sent again. A refusal is told apart by its messages' array (one
 * per failed submission, `fieldErrors`), so sending the same value again shows them again; a caller that builds a
 * new array on every render keeps its messages shown, as before.
 */
function useErrorsOfValue(errors: string[], value: string): string[] {
  const refused = useRef({ errors, value });
  if (refused.current.errors !== errors) refused.current = { errors, value };
  return value === refused.current.value ? refused.current.errors : NO_ERRORS;
}

/** A labelled input with an optional hint and its validation messages (a FormField around an input). */
export function TextField({ label, value, onChange, hint, errors = NO_ERRORS, id, className, action, ...input }: FieldProps) {
  const shownErrors = useErrorsOfValue(errors, value);
  return (
    <FormField label={label} hint={hint} errors={shownErrors} className={className} id={id} action={action}>
      <input {...input} className="input" value={value} onChange={(event) => onChange(event.target.value)} />
    </FormField>
  );
}

/** A labelled select. */
export function SelectField({ label, name, value, onChange, children }: { label: string; name: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <FormField label={label}>
      <select name={name} className="input" value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </FormField>
  );
}

/**
 * What a failed submission says apart from the fields the form shows inline: the 422
 * messages of other fields (spec section 5: the errors object flattened into a list), or
 * the message of any other answer (429, 419, ...), or the generic text for a network failure.
 */
export function formErrorMessages(error: unknown, shownFields: readonly string[], fallback: string): string[] {
  if (!isApiError(error) || !error.spoken) return [fallback];
  const fields = Object.entries(error.errors);
  if (fields.length === 0) return [error.message];
  return fields.filter(([field]) => !shownFields.includes(field)).flatMap(([, messages]) => messages);
}

/** The messages of a failed submission that no field shows, in an alert above the form. */
export function FormErrors({ error, shownFields = [] }: { error: unknown; shownFields?: readonly string[] }) {
  const { t } = useTranslation('auth');
  const { t: tMessages } = useTranslation('messages');
  if (!error) return null;
  const messages = formErrorMessages(error, shownFields, tMessages(isApiError(error) && error.unreachable ? 'errors.unreachable' : 'errors.whoops'));
  if (messages.length === 0) return null;
  return (
    <div className="form-errors notice notice--error" role="alert" tabIndex={-1}>
      <p className="form-errors__title">{t('form.errorTitle')}</p>
      <ul className="form-errors__list">
        {messages.map((message) => (
          <li key={message} dir="auto">
            {message}
          </li>
        ))}
      </ul>
    </div>
  );
}

type FieldOfErrorProps = Omit<FieldProps, 'errors' | 'type' | 'name'> & {
  name: string;
  /** The failed submission; the field shows its own 422 messages from it. */
  error: unknown;
};

/** An e-mail address field: left to right in both languages. */
export function EmailField({ error, name, ...props }: FieldOfErrorProps) {
  return <TextField type="email" dir="ltr" autoComplete="email" {...props} name={name} errors={fieldErrors(error, name)} />;
}

/**
 * A password field (a new password unless autoComplete says "current-password"), with a Show / Hide button beside it
 * so that a person typing on a phone can check what they typed (as DeepL's and Google's sign-in pages allow).
 */
export function PasswordField({ error, name, id, ...props }: FieldOfErrorProps) {
  const { t } = useTranslation('auth');
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [shown, setShown] = useState(false);
  const toggle = (
    <button
      type="button"
      className="button button--ghost form-field__action"
      aria-controls={inputId}
      aria-label={t(shown ? 'form.hidePassword' : 'form.showPassword')}
      onClick={() => setShown((value) => !value)}
    >
      {t(shown ? 'form.hide' : 'form.show')}
    </button>
  );
  return (
    <TextField
      type={shown ? 'text' : 'password'}
      dir="ltr"
      autoComplete="new-password"
      autoCapitalize="off"
      spellCheck={false}
      {...props}
      id={inputId}
      name={name}
      errors={fieldErrors(error, name)}
      action={toggle}
    />
  );
}

/**
 * Where the focus goes after a failed submission inside `root`: the first field marked invalid, else the alert above
 * the fields (FormErrors), else nowhere (null).
 */
export function firstErrorTarget(root: ParentNode): HTMLElement | null {
  return root.querySelector<HTMLElement>('[aria-invalid="true"]') ?? root.querySelector<HTMLElement>('.form-errors');
}

/**
 * Moves the focus to what a failed submission says (see firstErrorTarget) each time `error` is a new failure, so a
 * keyboard or screen-reader user lands on the field to correct instead of on a disabled button or the page's top.
 * Returns the ref for the form (or any element around its fields).
 */
export function useFocusFirstError<E extends HTMLElement>(error: unknown) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (error && ref.current) firstErrorTarget(ref.current)?.focus();
  }, [error]);
  return ref;
}

/** Form state as one object, with a setter per field: `set('email')` is the e-mail input's onChange. */
export function useFormValues<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const set = useCallback((field: keyof T) => (value: string) => setValues((previous) => ({ ...previous, [field]: value })), []);
  return { values, set, setValues };
}

/** The 422 messages of one field of a failed submission. */
export function fieldErrors(error: unknown, field: string): string[] {
  return isApiError(error) ? (error.errors[field] ?? []) : [];
}

/**
 * A labelled form control with its hint and the server's 422 messages for that field: the
 * one field of every form (TextField, SelectField, EmailField and PasswordField wrap it).
 * The control (one element) gets the id, aria-invalid and aria-describedby.
 */
export function FormField({
  label,
  errors,
  hint,
  optional,
  optionalLabel,
  children,
  className = '',
  id: givenId,
  action,
}: {
  label: ReactNode;
  errors?: string[];
  hint?: ReactNode;
  optional?: boolean;
  optionalLabel?: string;
  children: ReactElement<Record<string, unknown>>;
  className?: string;
  /** The control's id, when the caller needs to know it. */
  id?: string;
  /** A button drawn beside the control, at its end (after it in the reading and the tab order). */
  action?: ReactNode;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasErrors = Boolean(errors?.length);
  const describedBy = [hint ? hintId : null, hasErrors ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id, 'aria-invalid': hasErrors || undefined, 'aria-describedby': describedBy })
    : children;
  return (
    <div className={`form-field${hasErrors ? ' form-field--invalid' : ''} ${className}`.trim()}>
      <label className="form-field__label" htmlFor={id}>
        {label}
        {optional && optionalLabel && <span className="form-field__optional"> {optionalLabel}</span>}
      </label>
      {action ? (
        <div className="form-field__control">
          {control}
          {action}
        </div>
      ) : (
        control
      )}
      {hint && (
        <p className="form-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {hasErrors && <FieldErrors id={errorId} errors={errors!} />}
    </div>
  );
}

/** A field's messages under it, announced, named by the field's aria-describedby (FormField, DateField). */
export function FieldErrors({ id, errors }: { id: string; errors: string[] }) {
  return (
    <ul className="form-field__errors" id={id} role="alert">
      {errors.map((message) => (
        <li key={message} dir="auto">
          {message}
        </li>
      ))}
    </ul>
  );
}
