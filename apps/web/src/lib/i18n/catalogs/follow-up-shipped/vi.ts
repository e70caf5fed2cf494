import type { FollowUpShippedCatalog } from "./ja";

export const followUpShipped: FollowUpShippedCatalog = {
  condition: {
    text: "Từ khi bắt đầu uống thuốc, sức khỏe của bạn thế nào?",
    options: { better: "Tốt hơn", same: "Không thay đổi", worse: "Tệ hơn" },
  },
  sideEffects: {
    text: "Từ khi bắt đầu uống thuốc, bạn có triệu chứng nào đáng lo không? (chọn tất cả mục phù hợp)",
    options: {
      rash: "Phát ban, ngứa",
      stomach: "Khó chịu ở dạ dày, buồn nôn",
      dizziness: "Chóng mặt, loạng choạng",
      sleepy: "Buồn ngủ",
      bowel: "Táo bón, tiêu chảy",
      other: "Khác",
    },
  },
  missedDoses: {
    text: "Bạn có hay quên uống thuốc không?",
    options: { none: "Không quên", sometimes: "Thỉnh thoảng", often: "Thường xuyên" },
  },
  leftover: { text: "Bạn có thuốc còn thừa chưa uống không?" },
  questions: { text: "Nếu bạn có điều gì lo lắng hoặc thắc mắc về thuốc, vui lòng ghi vào đây." },
  callRequest: { text: "Bạn có muốn dược sĩ gọi điện cho bạn không?" },
  takingAsDirected: { text: "Bạn có uống thuốc mới đúng theo hướng dẫn không?" },
  sideEffect: { text: "Từ khi bắt đầu uống thuốc mới, bạn có triệu chứng nào khác thường không?" },
  inhalerUse: { text: "Bạn có dùng ống hít đúng như đã được hướng dẫn không?" },
  breathing: {
    text: "Tình trạng khó thở và ho của bạn thế nào?",
    options: { better: "Dễ chịu hơn", same: "Không thay đổi", worse: "Tệ hơn" },
  },
  gargle: { text: "Bạn có súc miệng sau khi dùng thuốc hít không?" },
  inhalerSymptoms: {
    text: "Bạn có triệu chứng nào đáng lo không? (chọn tất cả mục phù hợp)",
    options: { hoarse: "Khàn giọng", throat: "Khó chịu ở họng", palpitation: "Tim đập mạnh, hồi hộp", other: "Khác" },
  },
  bleeding: {
    text: "Bạn có dấu hiệu chảy máu nào không? (chọn tất cả mục phù hợp)",
    options: {
      gums: "Chảy máu chân răng",
      nose: "Chảy máu cam khó cầm",
      bruise: "Dễ bị bầm tím",
      blackStool: "Phân đen, nước tiểu có máu",
    },
  },
  otherMedicine: {
    text: "Gần đây bạn có bắt đầu dùng thuốc của bệnh viện khác, thuốc mua ngoài hiệu thuốc hoặc thực phẩm chức năng không?",
  },
  surgery: { text: "Bạn có lịch phẫu thuật hoặc nhổ răng sắp tới không?" },
  hypoglycemia: { text: "Bạn có bị triệu chứng hạ đường huyết (run tay, vã mồ hôi lạnh, đói cồn cào) không?" },
  meals: { text: "Có lúc nào bạn không ăn uống được không?" },
};
