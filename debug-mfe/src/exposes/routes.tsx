import { Navigate, Route, Routes } from 'react-router-dom';
import { PageTitle } from 'shared-ui';
import { SupportGate } from '../features/support/components/support-gate';
import { BookingsPage } from '../pages/bookings-page';
import { IntegrityPage } from '../pages/integrity-page';
import { OutboxPage } from '../pages/outbox-page';
import { RefundsPage } from '../pages/refunds-page';
import { ReleasesPage } from '../pages/releases-page';
import { SupportLayout } from '../pages/support-layout';
import { WaitingRoomPage } from '../pages/waiting-room-page';
import '../debug.css';

/**
 * Exposed as `debug/routes`: the support desk, mounted by the shell on /debug/* (paths here are
 * relative to it), in the staff chrome behind the staff gate. Unknown paths go back to Bookings.
 */
export default function DebugRoutes() {
  return (
    <SupportGate>
      <Routes>
        <Route element={<SupportLayout />}>
          <Route index element={<><PageTitle title="Support desk" /><BookingsPage /></>} />
          <Route path="refunds" element={<><PageTitle title="Refunds · Support desk" /><RefundsPage /></>} />
          <Route path="outbox" element={<><PageTitle title="Outbox · Support desk" /><OutboxPage /></>} />
          <Route path="releases" element={<><PageTitle title="Live releases · Support desk" /><ReleasesPage /></>} />
          <Route path="waiting-room" element={<><PageTitle title="Waiting room · Support desk" /><WaitingRoomPage /></>} />
          <Route path="integrity" element={<><PageTitle title="Integrity · Support desk" /><IntegrityPage /></>} />
          <Route path="*" element={<Navigate to="/debug" replace />} />
        </Route>
      </Routes>
    </SupportGate>
  );
}
