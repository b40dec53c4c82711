'use client';

/** Console pages' fallback when rendering fails (the details stay in the server log). */
export default function ConsoleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="flex flex-col gap-2">
      <h1 className="text-lg font-semibold">Something went wrong</h1>
      <p className="text-sm text-slate-700">
        The page could not be loaded.{error.digest ? ` Reference: ${error.digest}.` : ''}
      </p>
      <p>
        <button type="button" onClick={reset} className="rounded border border-slate-300 bg-white px-2 py-1 text-sm">
          Try again
        </button>
      </p>
    </div>
  );
}
