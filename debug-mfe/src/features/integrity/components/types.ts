import type { IntegrityReportResponse } from 'booking-service/contract';

/** A paid booking as the report lists it (lost by a restore, or paid while its show's sales were stopped). */
export type LostBooking = IntegrityReportResponse['adoptions'][number]['lost'][number];
