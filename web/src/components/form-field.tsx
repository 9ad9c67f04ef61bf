import './form-field.css';
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

/**
 * A labelled form control with its hint and the server's 422 messages for that field.
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
}: {
  label: ReactNode;
  errors?: string[];
  hint?: ReactNode;
  optional?: boolean;
  optionalLabel?: string;
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}) {
  const id = useId();
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
      {control}
      {hint && (
        <p className="form-field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {hasErrors && (
        <ul className="form-field__errors" id={errorId} role="alert">
          {errors!.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
