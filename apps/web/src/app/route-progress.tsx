import { useNavigation } from 'react-router';

/**
 * The thin bar at the top while a navigation loads (a lazy page chunk or a loader). Pure CSS (global.css): it appears
 * after a short delay so instant navigations do not flash, creeps towards the end, then fills and fades.
 */
export function RouteProgress() {
  const loading = useNavigation().state !== 'idle';
  return (
    <div
      className="route-progress"
      data-state={loading ? 'loading' : 'idle'}
      role={loading ? 'progressbar' : undefined}
      aria-label={loading ? 'Loading page' : undefined}
      aria-hidden={loading ? undefined : true}
    />
  );
}
