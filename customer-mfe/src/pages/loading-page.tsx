import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Spinner } from '../components/spinner';
import { LOADING_REDIRECT_MS } from '../lib/constants';

/** /loading/{next}: a spinner, then /{next} after 8 seconds (spec §2). */
export function LoadingPage() {
  const rest = useParams()['*'] ?? '';
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(`/${rest}${search}`, { replace: true }), LOADING_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [rest, search, navigate]);
  return (
    <div className="c-loading">
      <h1 className="sr-only">Just a moment</h1>
      <Spinner label="Loading, please wait" />
    </div>
  );
}
