// The cart and the orders placed from it, shared by the catalog and the cart screens.
import { usePersistentState } from "./storage";

export interface CartLine {
  productId: string;
  name: string;
  price: number;
  quantity: number;
}

export interface Order {
  id: string;
  at: string;
  lines: CartLine[];
  total: number;
}

export function useCart() {
  return usePersistentState<CartLine[]>("cart", []);
}

export function useOrders() {
  return usePersistentState<Order[]>("orders", []);
}

export function cartTotal(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

export function addLine(lines: CartLine[], product: Omit<CartLine, "quantity">): CartLine[] {
  const existing = lines.find((line) => line.productId === product.productId);
  return existing
    ? lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + 1 } : line))
    : [...lines, { ...product, quantity: 1 }];
}
