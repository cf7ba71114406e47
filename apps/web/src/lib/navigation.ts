/**
 * Lets code outside React (the API client) change the route. The app registers the router's
 * navigate; until then, and in plain scripts, a full page load does the job.
 */
type Navigate = (path: string) => void;

let navigateImpl: Navigate = (path) => window.location.assign(path);

export function setNavigator(navigate: Navigate): () => void {
  const previous = navigateImpl;
  navigateImpl = navigate;
  return () => {
    navigateImpl = previous;
  };
}

export function navigateTo(path: string): void {
  navigateImpl(path);
}
