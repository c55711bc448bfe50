import { useState } from 'react';
import { Button } from 'shared-ui';
import { CameraScanner } from '../features/check-in/components/camera-scanner';
import { DoorPicker } from '../features/check-in/components/door-picker';
import { unlockSound } from '../features/check-in/lib/feedback';
import { useDoorPlace } from '../features/check-in/lib/door-place';
import { ResultPanel } from '../features/check-in/components/result-panel';
import { ShowCount } from '../features/check-in/components/show-count';
import { TypedCodeForm } from '../features/check-in/components/typed-code-form';
import { useCheckIn } from '../features/check-in/hooks/use-check-in';
import { useDoorCinemas } from '../features/check-in/api/get-door-cinemas';

/**
 * The door's screen, made for a phone: choose the cinema and door once, then scan ticket after ticket without a
 * tap. A ticket for another cinema is refused by the service, naming where it is valid.
 */
export function CheckInPage() {
  const place = useDoorPlace();
  const { cinemas, loading } = useDoorCinemas();
  const [changing, setChanging] = useState(false);
  if (loading) return <div className="check-in" aria-busy="true" />;
  const cinema = cinemas.find((c) => c._id === place.cinemaId);
  const needsCinema = cinemas.length > 0 && !cinema;
  if (!place.door || needsCinema || changing) {
    return (
      <div className="check-in" onPointerDown={unlockSound}>
        <h1 className="check-in__heading">Check-in</h1>
        <DoorPicker initial={place} cinemas={cinemas} onChoose={(next) => { place.choose(next); setChanging(false); }} />
      </div>
    );
  }
  const where = cinema ? `${cinema.name} · ${place.door}` : place.door;
  return <Scanning door={place.door} cinemaId={cinema?._id} where={where} onChangeDoor={() => setChanging(true)} />;
}

function Scanning({ door, cinemaId, where, onChangeDoor }: { door: string; cinemaId: string | undefined; where: string; onChangeDoor: () => void }) {
  const scans = useCheckIn(door, cinemaId);
  return (
    <div className="check-in" onPointerDown={unlockSound}>
      <div className="check-in__bar">
        <h1 className="check-in__heading">Check-in · {where}</h1>
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
