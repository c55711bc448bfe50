import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

function Probe() {
  const [ref, near] = useNearViewport<HTMLDivElement>('25%');
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

describe('useNearViewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is false until the element comes within the margin, then stays true and stops observing', () => {
    let report: IntersectionObserverCallback = () => {};
    const disconnect = vi.fn();
    const options: (IntersectionObserverInit | undefined)[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      vi.fn(function (this: unknown, callback: IntersectionObserverCallback, init?: IntersectionObserverInit) {
        report = callback;
        options.push(init);
        return { observe: vi.fn(), disconnect };
      }),
    );
    render(<Probe />);
    expect(screen.getByText('far')).toBeInTheDocument();
    expect(options[0]?.rootMargin).toBe('0px 0px 25% 0px');

    act(() => report([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByText('far')).toBeInTheDocument();
    act(() => report([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByText('near')).toBeInTheDocument();
    expect(disconnect).toHaveBeenCalled();
  });

  it('is true at once where IntersectionObserver does not exist', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('near')).toBeInTheDocument();
  });
});
