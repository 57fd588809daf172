package dev.dbit.sample.spring;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.OneToMany;
import java.util.ArrayList;
import java.util.List;

/** An order of a customer; its lines load lazily, when first read. */
@Entity
public class PurchaseOrder {
  @Id
  @GeneratedValue(strategy = GenerationType.IDENTITY)
  private Long id;

  @Column(name = "customer_id")
  private Long customerId;

  @OneToMany(mappedBy = "order", fetch = FetchType.LAZY)
  private List<OrderLine> lines = new ArrayList<>();

  protected PurchaseOrder() {}

  public Long getId() {
    return id;
  }

  public Long getCustomerId() {
    return customerId;
  }

  public List<OrderLine> getLines() {
    return lines;
  }
}
