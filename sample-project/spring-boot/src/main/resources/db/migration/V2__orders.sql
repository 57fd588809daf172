CREATE TABLE purchase_order (
  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  customer_id BIGINT NOT NULL,
  CONSTRAINT fk_purchase_order_customer FOREIGN KEY (customer_id) REFERENCES customer (id)
);

CREATE TABLE order_line (
  id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
  order_id BIGINT NOT NULL,
  product VARCHAR(120) NOT NULL,
  quantity INT NOT NULL,
  CONSTRAINT fk_order_line_order FOREIGN KEY (order_id) REFERENCES purchase_order (id)
);
