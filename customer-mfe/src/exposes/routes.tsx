import { Link, Route, Routes } from 'react-router-dom';
import { buttonClass, EmptyState } from 'shared-ui';
import { HomePage } from '../pages/home-page';
import { MoviesPage } from '../pages/movies-page';
import '../customer.css';

/** Exposed as `customer/routes`: the moviegoer screens, mounted by the shell on the customer routes. */
export default function CustomerRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/movies" element={<MoviesPage />} />
      <Route
        path="*"
        element={
          <EmptyState
            title="Page not found"
            text="This page is not available."
            action={
              <Link className={buttonClass()} to="/movies">
                Browse Movies
              </Link>
            }
          />
        }
      />
    </Routes>
  );
}
