import { Route, Routes, useLocation } from 'react-router-dom';
import { isAdminPath, isCustomerPath } from 'shared-ui';
import { RemoteSlot } from './federation/remote-slot';
import { Footer } from './layout/footer';
import { Navbar } from './layout/navbar';
import { NotFound } from './layout/not-found';
import { TestPaymentInfo } from './layout/test-payment-info';

/** Customer routes of spec §2 go to the customer remote; anything else is a 404. */
function CustomerOrNotFound() {
  const { pathname } = useLocation();
  return isCustomerPath(pathname) ? <RemoteSlot name="customer" /> : <NotFound />;
}

export function App() {
  const { pathname } = useLocation();
  const chrome = !isAdminPath(pathname);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {chrome && <Navbar />}
      <main id="main" tabIndex={-1}>
        <Routes>
          <Route path="/admin/*" element={<RemoteSlot name="admin" />} />
          <Route path="/debug/*" element={<RemoteSlot name="debug" />} />
          <Route path="*" element={<CustomerOrNotFound />} />
        </Routes>
      </main>
      {chrome && <Footer />}
      <TestPaymentInfo />
    </>
  );
}
