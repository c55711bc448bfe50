import { Link } from 'react-router-dom';
import { buttonClass } from 'shared-ui';

/** Any path the customer route table does not know: the customer remote serves every path outside /admin and /debug. */
export function NotFoundPage() {
  return (
    <div className="ui-page">
      <div className="ui-state">
        <h1 className="ui-state__title">Page not found</h1>
        <p className="ui-state__text">The page you are looking for does not exist or has moved.</p>
        <Link className={buttonClass()} to="/">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
