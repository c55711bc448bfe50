import { Link } from 'react-router-dom';
import { buttonClass } from 'shared-ui';

export function NotFoundPage() {
  return (
    <div className="ui-page">
      <div className="ui-state">
        <h1 className="ui-state__title">Page not found</h1>
        <p className="ui-state__text">This page is not available.</p>
        <Link className={buttonClass()} to="/movies">
          Browse Movies
        </Link>
      </div>
    </div>
  );
}
