import { useId, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Isolated } from './isolated';

type PickerProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'className'> & {
  /** The button's text ("Choose a file…"). */
  choose: string;
  /** Called with the chosen file, or null when the choice is cleared. */
  onFile?: (file: File | null) => void;
  /** The name shown beside the button, when the caller keeps the file; otherwise the last one chosen. */
  fileName?: string | null;
  /** Shown while no file is chosen ("No file chosen"); nothing when omitted. */
  none?: boolean;
  className?: string;
  /**
   * The id of the field's own label ("CSV or TSV file", "Logo"), when the form shows one: the input
   * is named by it and by the button's text, and that label is not a second `<label>` of the input
   * (screen readers read one of two labels, each its own).
   */
  labelledBy?: string;
};

/**
 * A file input that speaks the page's language. The native control's button and its "No file
 * chosen" follow the browser's language, not the page's, so the input is visually hidden and a
 * labelled button stands in for it, with the chosen file's name beside it. The input keeps its
 * name, `required`, `accept` and whatever FormField gives it (id, aria-describedby), and stays
 * focusable: its focus ring shows on the button. The chosen file's name (or "No file chosen")
 * describes the input, so a screen reader on it says which file it holds, in the page's language.
 */
export function FilePicker({ choose, onFile, fileName, none = false, className = '', id: givenId, labelledBy, 'aria-describedby': describedBy, ...input }: PickerProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const [chosen, setChosen] = useState<string | null>(null);
  const shown = fileName === undefined ? chosen : fileName;
  const chooseId = `${id}-choose`;
  const fileId = `${id}-file`;
  const description = [describedBy, shown || none ? fileId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`file-picker ${className}`.trim()}>
      <input
        {...input}
        id={id}
        type="file"
        aria-labelledby={labelledBy ? `${labelledBy} ${chooseId}` : undefined}
        aria-describedby={description}
        className="visually-hidden file-picker__input"
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          setChosen(file?.name ?? null);
          onFile?.(file);
        }}
      />
      <label htmlFor={id} id={chooseId} className="button button--outline button--small file-picker__choose">
        {choose}
      </label>
      {shown ? (
        <Isolated kind="file" id={fileId} className="file-picker__file">
          {shown}
        </Isolated>
      ) : (
        none && (
          <span id={fileId} className="file-picker__file file-picker__file--none">
            {t('file.none')}
          </span>
        )
      )}
    </div>
  );
}
