import { CollectionBlock } from "../../blocks/CollectionBlock";

export default function ItemsScreen() {
  return <CollectionBlock screenKey="items" />;
}
