package dev.dbit.forks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dbit.DbIntegrationTest;
import dev.dbit.TestDatabase;
import javax.sql.DataSource;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/** One side of the fork proof; see {@link ForkRendezvous}. */
@DbIntegrationTest
@EnabledIfSystemProperty(named = ForkRendezvous.PROPERTY, matches = "true")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ForkOneTest {
  @Test
  @Order(1)
  void seesOnlyItsOwnRowsWhileTheOtherForkWrites(DataSource dataSource, TestDatabase database)
      throws Exception {
    ForkRendezvous.writeMeetAndLook("one", "two", dataSource, database);
  }

  @Test
  @Order(2)
  void startsClean(DataSource dataSource) throws Exception {
    assertThat(ForkRendezvous.names(dataSource)).isEmpty();
  }
}
