/** Ids of the payment provider's webhook events already received: each is processed once. */
export interface WebhookEventRepository {
  /**
   * Records the event id; true when it is new (or its earlier processing failed: this is the retry),
   * false when it was recorded before (a duplicate).
   */
  recordOnce(event: { id: string; type: string; receivedAt: Date }): Promise<boolean>;
  /** Marks an event whose processing failed, so the provider's retry is processed; its record stays (history). */
  forget(id: string): Promise<void>;
}
