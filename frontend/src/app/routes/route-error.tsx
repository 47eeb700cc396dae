/** When a page itself fails (its code did not load, or it crashed): say so and offer a reload. */
import { useRouteError } from 'react-router';
import { Button } from '../../ui/button';

export function RouteError() {
  const error = useRouteError();
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-zinc-950 p-6 text-center text-zinc-100">
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="max-w-prose text-sm text-zinc-300">{error instanceof Error ? error.message : 'The page could not be shown.'}</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </div>
  );
}
