import { useSearchParams } from 'react-router-dom';
import { returnPathFrom, returnQuery } from '../../../lib/return-path';

/**
 * The page a visitor asked for before being sent to sign in: where a successful sign-in goes, and
 * the `?next=` that the link between login and register keeps, so switching forms loses nothing.
 */
export function useReturnPath(): { target: string; query: string } {
  const [params] = useSearchParams();
  const target = returnPathFrom(params);
  return { target, query: returnQuery(target) };
}
