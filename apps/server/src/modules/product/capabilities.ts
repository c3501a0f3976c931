import { DEFAULT_CAPABILITIES, productCapabilities, type DeviceType, type ProductCapabilities } from '@pv/contract';

/**
 * What a product's devices accept: the stored declaration, or the type's defaults when it declares
 * none (null) or what is stored no longer reads as a declaration (it is written validated, so
 * only a hand edit of the database gets there).
 */
export function effectiveCapabilities(
  type: DeviceType,
  stored: string | null,
): { capabilities: ProductCapabilities; declared: boolean } {
  if (stored !== null) {
    let json: unknown;
    try {
      json = JSON.parse(stored);
    } catch {
      json = undefined;
    }
    const parsed = productCapabilities.safeParse(json);
    if (parsed.success) return { capabilities: parsed.data, declared: true };
  }
  return { capabilities: DEFAULT_CAPABILITIES[type], declared: false };
}

/**
 * What a device accepts: its product's declaration when the product is of the device's own type
 * (a device registered against another type's product takes its type's defaults, as its type
 * says what it is), else the defaults of its type.
 */
export function deviceCapabilities(device: {
  type: string;
  product_type: string | null;
  capabilities: string | null;
}): { capabilities: ProductCapabilities; source: 'product' | 'type' } {
  const type = device.type as DeviceType;
  if (device.product_type !== type) return { capabilities: DEFAULT_CAPABILITIES[type], source: 'type' };
  const { capabilities, declared } = effectiveCapabilities(type, device.capabilities);
  return { capabilities, source: declared ? 'product' : 'type' };
}
