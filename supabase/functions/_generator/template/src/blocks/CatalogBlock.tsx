// A catalog: products with search and categories, each with a price and an add-to-cart button.
import { useState } from "react";
import { Text } from "react-native";
import { ChoiceFilter, useChoiceFilter } from "../components/choice";
import { Body, Button, Card, Icon, Input, Row, Screen } from "../components/ui";
import { addLine, useCart } from "../lib/cart";
import { formatMoney } from "../lib/format";
import { titleField, useRecords } from "../lib/records";
import { t } from "../lib/strings";
import { font, useTheme } from "../lib/theme";
import { entityOf, screenOf } from "../spec";

export function CatalogBlock({ screenKey }: { screenKey: string }) {
  const screen = screenOf(screenKey);
  const entity = entityOf(screen);
  const theme = useTheme();
  const [products] = useRecords(entity);
  const [cart, setCart] = useCart();
  const [query, setQuery] = useState("");
  const { amountField = "price", categoryField, currency } = screen.options;
  const name = titleField(entity);
  const filter = useChoiceFilter(entity.fields.find((field) => field.key === categoryField), products);
  const description = entity.fields.find((field) => field.type === "longtext");
  const shown = products.filter((product) =>
    filter.keeps(product) &&
    String(product[name.key]).toLowerCase().includes(query.trim().toLowerCase())
  );
  const count = cart.reduce((sum, line) => sum + line.quantity, 0);

  return (
    <Screen>
      <Input placeholder={t.search} value={query} onChangeText={setQuery} accessibilityLabel={t.search} />
      <ChoiceFilter filter={filter} />
      <Row>
        <Icon name="cart-outline" color={theme.muted} />
        <Body muted>{`${count} ${count === 1 ? t.item : t.items}`}</Body>
      </Row>
      {shown.map((product) => (
        <Card key={product.id}>
          <Text style={{ color: theme.text, fontSize: font(17), fontWeight: "600" }}>{String(product[name.key])}</Text>
          {description ? <Body muted>{String(product[description.key] ?? "")}</Body> : null}
          <Text style={{ color: theme.accent, fontWeight: "700" }}>
            {formatMoney(Number(product[amountField] ?? 0), currency)}
          </Text>
          <Button
            label={t.addToCart}
            onPress={() =>
              setCart((lines) =>
                addLine(lines, { productId: product.id, name: String(product[name.key]), price: Number(product[amountField] ?? 0) })
              )}
          />
        </Card>
      ))}
    </Screen>
  );
}
