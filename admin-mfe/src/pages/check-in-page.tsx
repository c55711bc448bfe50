import { useState } from 'react';
import { Button } from 'shared-ui';
import { CameraScanner } from '../features/check-in/camera-scanner';
import { DoorPicker } from '../features/check-in/door-picker';
import { unlockSound } from '../features/check-in/feedback';
import { useDoorName } from '../features/check-in/door-name';
import { ResultPanel } from '../features/check-in/result-panel';
import { ShowCount } from '../features/check-in/show-count';
import { TypedCodeForm } from '../features/check-in/typed-code-form';
import { useCheckIn } from '../features/check-in/use-check-in';

/** The door's screen, made for a phone: choose the door once, then scan ticket after ticket without a tap. */
export function CheckInPage() {
  const { door, choose } = useDoorName();
  const [changing, setChanging] = useState(false);
  if (!door || changing) {
    return (
      <div className="check-in" onPointerDown={unlockSound}>
        <h1 className="check-in__heading">Check-in</h1>
        <DoorPicker initial={door} onChoose={(name) => { choose(name); setChanging(false); }} />
      </div>
    );
  }
  return <Scanning door={door} onChangeDoor={() => setChanging(true)} />;
}

function Scanning({ door, onChangeDoor }: { door: string; onChangeDoor: () => void }) {
  const scans = useCheckIn(door);
  return (
    <div className="check-in" onPointerDown={unlockSound}>
      <div className="check-in__bar">
        <h1 className="check-in__heading">Check-in · {door}</h1>
        <Button variant="ghost" onClick={onChangeDoor}>Change door</Button>
      </div>
      <ResultPanel result={scans.result} checking={scans.checking} />
      {scans.failure && <p role="alert" className="check-in__failure">Could not check the ticket: {scans.failure}. Scan again.</p>}
      {scans.show && <ShowCount showId={scans.show.id} label={scans.show.title} />}
      <CameraScanner onCode={scans.scanned} />
      <TypedCodeForm onCode={scans.typed} busy={scans.checking} />
    </div>
  );
}
