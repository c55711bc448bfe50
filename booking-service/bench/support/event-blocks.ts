/**
 * A server-sent event stream's text, read as it arrives: calls `onEvent` with each complete event's name
 * (undefined for a bare `data:`) and data line. The benches' streams carry one data line per event.
 */
export function eventBlocks(onEvent: (event: string | undefined, data: string) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data) onEvent(/^event: (.*)$/m.exec(block)?.[1], data);
    }
  };
}
