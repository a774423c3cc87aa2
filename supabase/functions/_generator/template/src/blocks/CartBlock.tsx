// The cart: quantities, the total, and placing an order, which then shows in the order history.
import { Text } from "react-native";
import { Body, Button, Card, Row, Screen, Title } from "../components/ui";
import { cartTotal, useCart, useOrders } from "../lib/cart";
import { formatMoney } from "../lib/format";
import { newId } from "../lib/storage";
import { t } from "../lib/strings";
import { useTheme } from "../lib/theme";
import { screenOf } from "../spec";

export function CartBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const theme = useTheme();
  const [cart, setCart] = useCart();
  const [orders, setOrders] = useOrders();
  const money = (value: number) => formatMoney(value, screen.options.currency);
  const total = cartTotal(cart);

  const change = (productId: string, delta: number) =>
    setCart((lines) =>
      lines
        .map((line) => (line.productId === productId ? { ...line, quantity: line.quantity + delta } : line))
        .filter((line) => line.quantity > 0)
    );

  const order = () => {
    if (cart.length === 0) return;
    setOrders((current) => [{ id: newId(), at: new Date().toISOString(), lines: cart, total }, ...current]);
    setCart([]);
  };

  return (
    <Screen>
      {cart.length === 0 ? <Body muted>{t.cartEmpty}</Body> : null}
      {cart.map((line) => (
        <Card key={line.productId}>
          <Text style={{ color: theme.text, fontWeight: "600" }}>{line.name}</Text>
          <Row>
            <Button label="−" variant="secondary" onPress={() => change(line.productId, -1)} />
            <Body>{`${line.quantity} × ${money(line.price)}`}</Body>
            <Button label="+" variant="secondary" onPress={() => change(line.productId, 1)} />
          </Row>
        </Card>
      ))}
      <Card>
        <Body muted>{t.total}</Body>
        <Title>{money(total)}</Title>
        <Button label={t.placeOrder} onPress={order} disabled={cart.length === 0} />
      </Card>
      {orders.length > 0 ? <Title>{t.orders}</Title> : null}
      {orders.map((placed) => (
        <Card key={placed.id}>
          <Body>{`${t.orderPlaced} · ${placed.at.slice(0, 10)} · ${money(placed.total)}`}</Body>
          <Body muted>{placed.lines.map((line) => `${line.quantity}× ${line.name}`).join(", ")}</Body>
        </Card>
      ))}
    </Screen>
  );
}
