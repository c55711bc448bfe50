import type { CheckInRefused, CheckInResponse } from 'booking-service/contract';
import { isApiError } from 'shared-ui/staff';

/** What the door attendant reads after a scan: green admitted, red refused (the service's reason). */
export type ScanResult =
  | { kind: 'admitted'; code: string; message: string; admission: CheckInResponse['admission'] }
  | { kind: 'refused'; code: string; message: string; showId?: string; movieTitle?: string; seats?: string[] };

/** The service's answer to a scan as a result; a failure that is not the ticket's (network, 5xx) is thrown on. */
export async function scanResultOf(code: string, answer: Promise<CheckInResponse>): Promise<ScanResult> {
  try {
    const { message, admission } = await answer;
    return { kind: 'admitted', code, message, admission };
  } catch (error) {
    if (!isApiError(error) || (error.status !== 409 && error.status !== 404 && error.status !== 400)) throw error;
    const booking = (error.body as Partial<CheckInRefused> | null)?.booking;
    return { kind: 'refused', code, message: error.message, movieTitle: booking?.movieTitle, seats: booking?.seats };
  }
}
