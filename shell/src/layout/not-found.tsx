import { Link } from 'react-router-dom';
import { buttonClass, EmptyState } from 'shared-ui';

export function NotFound() {
  return (
    <EmptyState
      title="Page not found"
      text="The page you are looking for does not exist or has moved."
      action={
        <Link className={buttonClass()} to="/">
          Back to Home
        </Link>
      }
    />
  );
}
