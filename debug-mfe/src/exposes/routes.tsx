import { Route, Routes } from 'react-router-dom';
import { DebugPage } from '../pages/debug-page';
import '../debug.css';

/** Exposed as `debug/routes`: the support desk, mounted by the shell on /debug. */
export default function DebugRoutes() {
  return (
    <Routes>
      <Route index element={<DebugPage />} />
      <Route path="*" element={<DebugPage />} />
    </Routes>
  );
}
