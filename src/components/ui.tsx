import type {
  ButtonHTMLAttributes,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';

/**
 * Console building blocks: compact controls for dense operational screens. Colours keep at
 * least 4.5:1 contrast (the accessibility check in e2e/console holds them to it).
 */
const cx = (...c: (string | false | null | undefined)[]) => c.filter(Boolean).join(' ');

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';
const VARIANTS: Record<Variant, string> = {
  primary: 'bg-blue-700 text-white hover:bg-blue-800 disabled:bg-slate-400',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-500',
  danger: 'border border-red-300 bg-white text-red-800 hover:bg-red-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
};

export function Button({
  variant = 'primary',
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      {...props}
      className={cx(
        'inline-flex items-center gap-1 rounded px-2.5 py-1 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:cursor-not-allowed',
        VARIANTS[variant],
        className,
      )}
    />
  );
}

const control =
  'rounded border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-1 focus:ring-blue-600 aria-[invalid=true]:border-red-600';

// Full width unless the caller sets a width (two width utilities would conflict).
const sized = (className?: string) => cx(control, !/(^|\s)w-/.test(className ?? '') && 'w-full', className);
export const Input = ({ className, ...p }: InputHTMLAttributes<HTMLInputElement>) => (
  <input {...p} className={sized(className)} />
);
export const Select = ({ className, ...p }: SelectHTMLAttributes<HTMLSelectElement>) => (
  <select {...p} className={sized(className)} />
);
export const Textarea = ({ className, ...p }: TextareaHTMLAttributes<HTMLTextAreaElement>) => (
  <textarea {...p} className={sized(className)} />
);

/** A checkbox with its label beside it (and an optional hint announced with it). */
export function Checkbox({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-1.5">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="mt-0.5 h-4 w-4 rounded border-slate-400 text-blue-700 focus:ring-blue-600"
      />
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
        {hint && (
          <span id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </span>
        )}
      </div>
    </div>
  );
}

/** A labelled form field; `error` is announced with the control (aria-describedby). */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cx('flex flex-col gap-0.5', className)}>
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A page's heading, with the environment it shows beside it (so sandbox and production never blur). */
export const PageTitle = ({ title, environment }: { title: string; environment: string }) => (
  <h1 className="text-lg font-semibold">
    {title} <span className="text-sm font-normal text-slate-600">({environment})</span>
  </h1>
);

export function Panel({
  title,
  actions,
  children,
  className,
  id,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  return (
    <section
      aria-labelledby={id ? `${id}-title` : undefined}
      className={cx('min-w-0 rounded border border-slate-300 bg-white', className)}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-2 border-b border-slate-200 px-3 py-1.5">
        <h2 id={id ? `${id}-title` : undefined} className="text-sm font-semibold text-slate-900">
          {title}
        </h2>
        {actions}
      </div>
      <div className="p-3">{children}</div>
    </section>
  );
}

const TONES = {
  green: 'bg-green-100 text-green-900',
  amber: 'bg-amber-100 text-amber-900',
  red: 'bg-red-100 text-red-900',
  slate: 'bg-slate-200 text-slate-800',
  blue: 'bg-blue-100 text-blue-900',
} as const;
export type Tone = keyof typeof TONES;

export function Badge({ tone = 'slate', children }: { tone?: Tone; children: ReactNode }) {
  return <span className={cx('inline-block rounded px-1.5 py-px text-xs font-medium', TONES[tone])}>{children}</span>;
}

const STATUS_TONES: Record<string, Tone> = {
  open: 'green',
  on_hold: 'amber',
  closed: 'slate',
  granted: 'green',
  none: 'red',
  expired: 'amber',
  revoked: 'red',
  // Judgments: status, gate results and deadline states.
  intake: 'slate',
  needs_review: 'amber',
  validated: 'green',
  enforcing: 'blue',
  satisfied: 'green',
  stayed: 'amber',
  vacated: 'red',
  pass: 'green',
  fail: 'red',
  review: 'amber',
  passed: 'slate',
  superseded: 'slate',
  cancelled: 'slate',
};
export const toneOf = (status: string): Tone => STATUS_TONES[status] ?? 'slate';

/** An error from the service: its message, code and request id (for support). */
export function ErrorNote({
  error,
}: {
  error: { message: string; code?: string; request_id?: string | null } | null | undefined;
}) {
  if (!error) return null;
  return (
    <div role="alert" className="rounded border border-red-300 bg-red-50 px-2 py-1 text-sm text-red-900">
      {error.message}
      {error.code && (
        <span className="ml-1 font-mono text-xs text-red-800">
          ({error.code}
          {error.request_id ? ` · ${error.request_id}` : ''})
        </span>
      )}
    </div>
  );
}

export const Th = ({ children, className }: { children?: ReactNode; className?: string }) => (
  <th
    scope="col"
    className={cx(
      'border-b border-slate-300 px-2 py-1 text-left text-xs font-semibold uppercase tracking-wide text-slate-700',
      className,
    )}
  >
    {children}
  </th>
);
export const Td = ({
  children,
  className,
  colSpan,
}: {
  children?: ReactNode;
  className?: string;
  colSpan?: number;
}) => (
  <td colSpan={colSpan} className={cx('border-b border-slate-200 px-2 py-1 align-top', className)}>
    {children}
  </td>
);

export const Mono = ({ children }: { children: ReactNode }) => (
  // Ids and addresses are long unbroken strings: they may wrap anywhere rather than widen the page.
  <span className="font-mono text-xs [overflow-wrap:anywhere] text-slate-700">{children}</span>
);
