/**
 * The fabric's per-packet events share one engine handler ({@link Fabric}'s dispatcher) instead of
 * one handler each: the engine's call of its handler then always meets the same function (a
 * monomorphic call V8 can inline) rather than six or more closures. The event's kind travels in the
 * top bits of its first integer: a = kind · 2^24 + x, x < 2^24 (a port, a port-VL or a host; the
 * fabric refuses more than 2^24 port-VLs), and b as before.
 */

/** Bits of `a` that hold the event's own integer. */
export const EVENT_SHIFT = 24;
/** Mask of the event's own integer in `a`. */
export const EVENT_ARG = (1 << EVENT_SHIFT) - 1;
/** Packet b's header reaches port x. */
export const EV_ARRIVE = 0 << EVENT_SHIFT;
/** Port x's transmission ends. */
export const EV_TX_END = 1 << EVENT_SHIFT;
/** b credit blocks reach the sender of port-VL x. */
export const EV_CREDIT = 2 << EVENT_SHIFT;
/** Host port x's wake-up. */
export const EV_WAKE = 3 << EVENT_SHIFT;
/** Host port x's sink has taken packet b (receive cap). */
export const EV_TAKEN = 4 << EVENT_SHIFT;
/** A BECN for the pair (source x → destination b) reaches the source (host traffic). */
export const EV_BECN = 5 << EVENT_SHIFT;
/**
 * The choices a switch transmission's end makes (port x's next packet, the freed input's waiting
 * outputs; b the input queue it came from), run after every other event of the same instant: ends,
 * arrivals and credits of one instant all change the state before any choice reads it.
 */
export const EV_CHOOSE = 6 << EVENT_SHIFT;
/** Priority of {@link EV_CHOOSE} events: after the instant's other events (priority 0). */
export const CHOOSE_PRIORITY = 1;
