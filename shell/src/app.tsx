import { Route, Routes, useLocation } from 'react-router-dom';
import { DEFAULT_SPACE_REMOTE, PREFIXED_SPACES, showsShellChrome } from './federation/path-spaces';
import { RemoteSlot } from './federation/remote-slot';
import { Footer } from './layout/footer';
import { Navbar } from './layout/navbar';

export function App() {
  const { pathname } = useLocation();
  const chrome = showsShellChrome(pathname);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {chrome && <Navbar />}
      <main id="main" tabIndex={-1}>
        {/* Each remote routes within its path space (see path-spaces.ts); the shell lists none of their pages. */}
        <Routes>
          {PREFIXED_SPACES.map(({ remote, prefix }) => (
            <Route key={remote} path={`${prefix}/*`} element={<RemoteSlot name={remote} />} />
          ))}
          <Route path="*" element={<RemoteSlot name={DEFAULT_SPACE_REMOTE} />} />
        </Routes>
      </main>
      {chrome && <Footer />}
    </>
  );
}
