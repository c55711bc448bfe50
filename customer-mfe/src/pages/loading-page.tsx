import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { LOADING_REDIRECT_MS } from '../lib/constants';
import { isSitePath } from '../lib/route-params';

/** /loading/{next}: a spinner, then /{next} after 8 seconds (spec §2). */
export function LoadingPage() {
  const rest = useParams()['*'] ?? '';
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // Only somewhere on this site: "/loading//elsewhere" goes home instead.
    const next = isSitePath(rest) ? `/${rest}${search}` : '/';
    const timer = setTimeout(() => navigate(next, { replace: true }), LOADING_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [rest, search, navigate]);
  return (
    <div className="c-loading">
      <h1 className="sr-only">Just a moment</h1>
      <Spinner label="Loading, please wait" />
    </div>
  );
}
